// Balance in the top bar, linking to the subscription page; shown only with SEE_BALANCE.
import styled from 'styled-components';
import { Link } from 'wouter';
import { clientPath, get, useQuery } from '../../shared/api-client.ts';
import { clientKey, useClient, useClientHref } from '../state/client.tsx';
import { BALANCE_PROMPTS, balanceLevel, formatMoney, parseBalance, type BalanceLevel } from './balance.ts';

const COLORS: Record<BalanceLevel, string> = {
  zero: 'var(--fgColor-danger, #d1242f)',
  low: 'var(--fgColor-attention, #9a6700)',
  normal: 'var(--fgColor-default, #1f2328)',
};
const BG: Record<BalanceLevel, string> = {
  zero: 'var(--bgColor-danger-muted, #ffebe9)',
  low: 'var(--bgColor-attention-muted, #fff8c5)',
  normal: 'transparent',
};

const Box = styled(Link)<{ $level: BalanceLevel }>`
  display: inline-flex; flex-direction: column; align-items: flex-end;
  padding: 2px 8px; border-radius: 6px; text-decoration: none;
  color: ${(p) => COLORS[p.$level]};
  background: ${(p) => BG[p.$level]};
  small { font-size: 11px; }
  strong { font-size: 14px; }
`;

export const balanceKey = (clientId: string) => clientKey(clientId, 'balance');

export function BalanceWidget() {
  const { clientId, grants } = useClient();
  const href = useClientHref();
  const allowed = grants.permissions.has('SEE_BALANCE');
  const { data } = useQueryBalance(clientId, allowed);
  if (!allowed || data === undefined) return null;
  const amount = parseBalance(data.balance);
  const level = balanceLevel(amount);
  const prompt = BALANCE_PROMPTS[level];
  return (
    <Box href={href('pricing/subscription')} $level={level} data-balance-level={level} title={prompt ?? 'Balance'}>
      <strong>{formatMoney(amount)}</strong>
      {prompt ? <small>{level === 'zero' ? 'Top up your balance' : 'Low balance, top up'}</small> : null}
    </Box>
  );
}

function useQueryBalance(clientId: string, enabled: boolean) {
  return useQuery(balanceKey(clientId), () => get<{ balance: string }>(clientPath(clientId, 'balance')).then((r) => r.data), { enabled });
}
