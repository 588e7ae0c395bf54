/** Domain (pure): how Levy writes a jurisdiction in messages, events and calendars: `US-TX`, `CA-QC`, or the country alone. */
export const jurisdictionCode = (place: { country: string; state?: string | null | undefined }): string =>
  place.state ? `${place.country}-${place.state}` : place.country;
