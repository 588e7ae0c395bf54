/**
 * Port: what watches recorded sales for nexus thresholds. After a sale is recorded, the selling entity's nexus report
 * is read and each jurisdiction approaching or past its threshold gets its event, once (src/usecases/nexus-events.ts
 * implements it; the composition root loads it with the first sale a container records).
 */
export interface NexusWatch {
  /** `entityId`: the selling entity (undefined: the primary); answers how many events were written now. */
  saleRecorded(accountId: string, entityId: string | undefined, saleDate: string, now?: Date): Promise<number>;
}
