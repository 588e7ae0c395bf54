/** Domain (pure data): why a certificate exempts (a certificate's `reason`), apart from the certificate rules so answer schemas can name them cheaply. */
export const exemptionReasons = ['RESALE', 'NONPROFIT', 'GOVERNMENT', 'MANUFACTURING', 'AGRICULTURE', 'OTHER'] as const;
export type ExemptionReason = (typeof exemptionReasons)[number];
