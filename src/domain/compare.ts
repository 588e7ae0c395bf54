/** Domain (pure, a leaf): the one text order of sorted output (code-unit order, as `<` compares; not the locale's). */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
