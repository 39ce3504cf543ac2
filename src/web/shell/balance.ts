// The balance widget's rules (spec 4, 9): zero shows red with a top-up prompt, below the
// minimum of 50 a warning with a prompt, otherwise normal; amounts as en-US dollars.

export const LOW_BALANCE_THRESHOLD = 50;

export type BalanceLevel = 'zero' | 'low' | 'normal';

export function parseBalance(raw: string | number | null | undefined): number {
  const n = typeof raw === 'number' ? raw : Number.parseFloat(String(raw ?? '0'));
  return Number.isFinite(n) ? n : 0;
}

export function balanceLevel(amount: number): BalanceLevel {
  if (amount <= 0) return 'zero';
  if (amount < LOW_BALANCE_THRESHOLD) return 'low';
  return 'normal';
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 1250 → "$1,250.00" */
export function formatMoney(amount: number): string {
  return money.format(amount);
}

export const BALANCE_PROMPTS: Record<BalanceLevel, string | null> = {
  zero: 'Your balance is empty. Please, top up your balance',
  low: 'Your balance is low. Please, top up your balance',
  normal: null,
};
