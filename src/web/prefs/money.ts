// Amounts as the product shows them (spec 9): en-US dollars, comma thousands separator.

/** A stored amount (numeric string from the database) as a number; anything else is 0. */
export function parseAmount(raw: string | number | null | undefined): number {
  const n = typeof raw === 'number' ? raw : Number.parseFloat(String(raw ?? '0'));
  return Number.isFinite(n) ? n : 0;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 1250 → "$1,250.00" */
export function formatMoney(amount: number): string {
  return money.format(amount);
}
