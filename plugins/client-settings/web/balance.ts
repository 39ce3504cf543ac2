// The balance widget's rules (spec 4, 9): zero shows red with a top-up prompt, below the
// minimum of 50 a warning with a prompt, otherwise normal.

export const LOW_BALANCE_THRESHOLD = 50;

export type BalanceLevel = 'zero' | 'low' | 'normal';

export function balanceLevel(amount: number): BalanceLevel {
  if (amount <= 0) return 'zero';
  if (amount < LOW_BALANCE_THRESHOLD) return 'low';
  return 'normal';
}

export const BALANCE_PROMPTS: Record<BalanceLevel, string | null> = {
  zero: 'Your balance is empty. Please, top up your balance',
  low: 'Your balance is low. Please, top up your balance',
  normal: null,
};
