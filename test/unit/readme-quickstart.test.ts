/**
 * Docs: the README opens with an intro naming every area of the API and a five-minute quickstart whose first curl is
 * the one `npm start` prints (local/quickstart.ts), so a user pasting either gets the same request.
 * test/http/quickstart.test.ts runs the quickstart's commands against a started server.
 */
import { exportKeyLine, firstRateCurl, quickstartLines, README_BASE_URL } from '../../local/quickstart';
import { QUICKSTART_HEADING, readme, readmeSection, shellBlocks } from '../support/readme';

describe('README: the first five minutes', () => {
  it('opens with the intro and then the quickstart, before any other section', () => {
    expect(readme.indexOf('\n## ')).toBe(readme.indexOf(`\n## ${QUICKSTART_HEADING}`));
  });

  it('names every area of the API in its intro', () => {
    const intro = readme.slice(0, readme.indexOf('\n## '));
    const areas = [
      'Rates',
      'Exposure',
      'Tax IDs',
      'Unify',
      'Transactions',
      'Products',
      'Customers',
      'Registrations & nexus',
      'Events & webhooks',
      'Returns & tax calendar',
      'Invoices',
      'Checkouts & payment links',
      'Vendors & entities',
    ];
    expect(areas.filter((area) => !intro.includes(`**${area}**`))).toEqual([]);
  });

  it('walks through start, a first rate, a recorded sale, the exposure and the reference page', () => {
    const quickstart = readmeSection(QUICKSTART_HEADING);
    const blocks = shellBlocks(quickstart);
    expect(blocks[0]).toBe('npm install && npm start');
    for (const path of ['/v1/tax/rate', '/v1/transactions', '/v1/exposure/countries'])
      expect(blocks.filter((block) => block.includes(`${README_BASE_URL}${path} `)).length).toBe(1);
    expect(quickstart).toContain(`${README_BASE_URL}/docs`);
  });

  it("has npm start's own curl as its first curl", () => {
    const firstCurl = shellBlocks(readme).find((block) => block.startsWith('curl'));
    expect(firstCurl).toBe(firstRateCurl(README_BASE_URL));
  });

  it('npm start prints the export line and that curl, each on lines of their own', () => {
    const printed = quickstartLines(README_BASE_URL, 'lvy_key').split('\n');
    expect(printed).toContain(exportKeyLine('lvy_key'));
    expect(printed.join('\n')).toContain(`\n${firstRateCurl(README_BASE_URL)}\n`);
  });
});
