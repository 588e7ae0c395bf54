/** Unit (in-memory ports): vendor and entity use cases: 404s, and the primary entity that cannot change. */
import { newEntity } from '../../../src/domain/records/entity';
import { createEntity, getEntity, updateEntity } from '../../../src/usecases/entities';
import { createVendor, deleteVendor, getVendor, updateVendor } from '../../../src/usecases/vendors';
import { memoryPorts } from '../../support/memory-ports';

describe('vendor and entity use cases (in-memory ports)', () => {
  it('creates, reads, updates and deletes a vendor; a missing or foreign id is a 404', async () => {
    const ports = memoryPorts();
    const vendor = await createVendor(ports, 'acct_a', { name: 'Acme', country: 'DE', exempt: false });
    expect(vendor).toMatchObject({ name: 'Acme', tax_id: null, email: null, id: expect.stringMatching(/^vnd_/) });
    expect(await updateVendor(ports, 'acct_a', vendor.id, { email: 'ap@acme.example' })).toMatchObject({ email: 'ap@acme.example' });
    await expect(getVendor(ports, 'acct_b', vendor.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await deleteVendor(ports, 'acct_a', vendor.id);
    await expect(deleteVendor(ports, 'acct_a', vendor.id)).rejects.toMatchObject({ status: 404 });
  });

  it('updates a subsidiary, refuses the primary entity with 403, and answers 404 for a missing one', async () => {
    const ports = memoryPorts();
    const primary = await ports.entities.create('acct_a', newEntity({ name: 'Parent', country: 'US' }, true, new Date()));
    const subsidiary = await createEntity(ports, 'acct_a', { name: 'Child', country: 'GB' });
    expect(subsidiary.is_primary).toBe(false);
    expect(await updateEntity(ports, 'acct_a', subsidiary.id, { name: 'Child Ltd' })).toMatchObject({ name: 'Child Ltd' });
    await expect(updateEntity(ports, 'acct_a', primary.id, { name: 'X' })).rejects.toMatchObject({ status: 403, code: 'primary_entity_immutable' });
    expect((await getEntity(ports, 'acct_a', primary.id)).name).toBe('Parent');
    await expect(updateEntity(ports, 'acct_a', 'ent_none', { name: 'X' })).rejects.toMatchObject({ status: 404 });
  });
});
