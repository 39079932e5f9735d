/**
 * A list's total for a title: '1,234', or '10,000+' when the server stopped counting at a cap
 * (`total_capped`: big lists count up to a bound so search stays instant).
 */
export function formatTotal(total: number, capped = false): string {
  const shown = total.toLocaleString('en-US');
  return capped ? `${shown}+` : shown;
}
