// The balance in the top bar (spec 2.4, 4, 9), a shell slot of this area shown to members
// holding SEE_BALANCE. It links to Billing and Subscription once that page exists; until
// then it is plain text (no link to a page that is not there).
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { clientKey, clientPath, formatMoney, get, parseAmount, registry, useClient, useClientHref, useQuery } from '../../../src/host/web.ts';
import { BALANCE_PROMPTS, balanceLevel, type BalanceLevel } from './balance.ts';

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

const look = css<{ $level: BalanceLevel }>`
  display: inline-flex; flex-direction: column; align-items: flex-end;
  padding: 2px 8px; border-radius: 6px; text-decoration: none;
  color: ${(p) => COLORS[p.$level]};
  background: ${(p) => BG[p.$level]};
  small { font-size: 11px; }
  strong { font-size: 14px; }
`;
const LinkBox = styled(Link)<{ $level: BalanceLevel }>`${look}`;
const TextBox = styled.span<{ $level: BalanceLevel }>`${look}`;

const BILLING = 'pricing/subscription';

export const balanceKey = (clientId: string) => clientKey(clientId, 'balance');

export default function BalanceWidget() {
  const { clientId, grants } = useClient();
  const href = useClientHref();
  const { data } = useQueryBalance(clientId, true);
  if (data === undefined) return null;
  const amount = parseAmount(data.balance);
  const level = balanceLevel(amount);
  const prompt = BALANCE_PROMPTS[level];
  const billing = registry.routeFor(BILLING);
  const linked = billing.kind === 'route' && billing.route.available && registry.canSee(billing.route, grants);
  const content = (
    <>
      <strong>{formatMoney(amount)}</strong>
      {prompt ? <small>{level === 'zero' ? 'Top up your balance' : 'Low balance, top up'}</small> : null}
    </>
  );
  const label = `Balance ${formatMoney(amount)}${prompt ? `. ${prompt}` : ''}`;
  return linked
    ? <LinkBox href={href(BILLING)} $level={level} data-balance-level={level} title={prompt ?? 'Balance'} aria-label={label}>{content}</LinkBox>
    : <TextBox $level={level} data-balance-level={level} title={prompt ?? 'Balance'} aria-label={label} role="status">{content}</TextBox>;
}

function useQueryBalance(clientId: string, enabled: boolean) {
  return useQuery(balanceKey(clientId), () => get<{ balance: string }>(clientPath(clientId, 'balance')).then((r) => r.data), { enabled });
}
