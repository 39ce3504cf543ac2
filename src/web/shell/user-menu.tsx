// The user menu of the top bar (spec 2.4): full name, email and phone, a link to the
// profile, the client switch for members of several clients, and Log out (which also
// stops the realtime worker).
import { ChevronDownIcon, PersonIcon, SignOutIcon } from '@primer/octicons-react';
import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { useClient, useClientHref } from '../state/client.tsx';
import { Anchor, Popover, ShellButton } from '../ui/controls.tsx';
import { useDismiss } from '../ui/use-dismiss.ts';
import { logout } from './logout.ts';

const Menu = styled.div`
  padding: 6px 0;
  font-size: 14px;
  .who { padding: 8px 16px 10px; border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); }
  .who strong { display: block; }
  .who span { display: block; color: var(--fgColor-muted, #59636e); font-size: 13px; margin-top: 2px; }
  .heading { padding: 8px 16px 4px; font-size: 12px; font-weight: 600; color: var(--fgColor-muted, #59636e); }
  a, button.item {
    display: flex; align-items: center; gap: 8px; width: 100%; padding: 6px 16px; border: 0;
    background: transparent; font: inherit; text-align: left; cursor: pointer; text-decoration: none;
    color: var(--fgColor-default, #1f2328);
  }
  a:hover, button.item:hover { background: var(--bgColor-neutral-muted, #eaeef2); }
  button.item[aria-current='true'] { font-weight: 600; }
  button.danger { color: var(--fgColor-danger, #d1242f); }
  hr { border: 0; border-top: 1px solid var(--borderColor-muted, #e5e9ed); margin: 6px 0; }
`;

export function UserMenu() {
  const { me, clientId, setClient } = useClient();
  const href = useClientHref();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const name = me.full_name || me.name || me.email;
  return (
    <Anchor ref={ref}>
      <ShellButton $variant="invisible" aria-haspopup="menu" aria-expanded={open} aria-label="User menu" onClick={() => setOpen(!open)}>
        <PersonIcon size={16} /> {name} <ChevronDownIcon size={12} />
      </ShellButton>
      {open ? (
        <Popover $width={280} role="menu" aria-label="User menu">
          <Menu>
            <div className="who">
              <strong data-testid="user-full-name">{name}</strong>
              <span data-testid="user-email">{me.email}</span>
              {me.phone ? <span data-testid="user-phone">{me.phone}</span> : null}
            </div>
            <Link role="menuitem" href={href('profile')} onClick={close}>Profile</Link>
            {me.accounts_clients.length > 1 ? (
              <>
                <hr />
                <div className="heading">Clients</div>
                {me.accounts_clients.map((ac) => (
                  <button key={ac.client.id} type="button" role="menuitem" className="item" aria-current={ac.client.id === clientId}
                    onClick={() => { close(); setClient(ac.client.id); }}>
                    {ac.client.name}
                  </button>
                ))}
              </>
            ) : null}
            <hr />
            <button type="button" role="menuitem" className="item danger" onClick={() => logout(clientId)}>
              <SignOutIcon size={16} /> Log out
            </button>
          </Menu>
        </Popover>
      ) : null}
    </Anchor>
  );
}
