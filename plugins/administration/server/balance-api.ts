// A client's balance as administrators change it: top up by an amount or set a new value.
// Each change locks the client row, writes a ledger row (before, after, by whom, why) and
// an audit row in the same transaction; the balance never goes below zero.
import { defineRoutes, invalid, listRows, notFound } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import {
  balanceEntryBody, balanceEntryListDef, balanceEntryListQuery, MAX_AMOUNT, type BalanceEntryBody,
} from '../schemas.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { blankToNull, idParam, requireClientRef } from './common.ts';

const ENTRY_COLUMNS = `l.id, l.client_id, l.kind, l.amount::text AS amount, l.balance_before::text AS balance_before,
  l.balance_after::text AS balance_after, l.note, l.created_by, u.email AS created_by_email, u.full_name AS created_by_name, l.created_at`;

export const registerBalanceApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/clients/:id/balance_entries', { scope: 'admin', query: balanceEntryListQuery }, async ({ tx, params, query }) => {
    const clientId = idParam(params);
    await requireClientRef(tx, clientId);
    return listRows(tx, {
      def: balanceEntryListDef,
      from: 'administration_balance_ledger l LEFT JOIN users u ON u.id = l.created_by',
      select: ENTRY_COLUMNS,
      where: (p) => [`l.client_id = ${p(clientId)}`],
      search: ['l.note'],
      columns: { kind: 'l.kind', created_at: 'l.created_at', amount: 'l.amount' },
      defaultSort: '-created_at',
      tieBreaker: 'l.id',
    }, query);
  });

  api.post<unknown, BalanceEntryBody>('/clients/:id/balance_entries', { scope: 'admin', body: balanceEntryBody },
    async ({ tx, params, body, user, audit }) => {
      const clientId = idParam(params);
      await requireClientRef(tx, clientId);
      const e = body.balance_entry;
      if (e.kind === 'top_up' && e.amount <= 0) throw invalid({ amount: 'must be greater than 0' });
      const value = e.amount.toFixed(2);

      const locked = await tx.query<{ balance: string; next: string; too_large: boolean }>(
        `SELECT balance::text AS balance, next::text AS next, next > $3::numeric AS too_large
           FROM (SELECT balance, CASE WHEN $2 = 'set' THEN $4::numeric ELSE balance + $4::numeric END AS next
                   FROM clients WHERE id = $1 FOR UPDATE) b`,
        [clientId, e.kind, MAX_AMOUNT, value],
      );
      const row = locked.rows[0];
      if (!row) throw notFound();
      if (row.too_large) throw invalid({ amount: 'would take the balance over the largest amount allowed' });

      await tx.query('UPDATE clients SET balance = $2::numeric, updated_at = now() WHERE id = $1', [clientId, row.next]);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO administration_balance_ledger (client_id, kind, amount, balance_before, balance_after, note, created_by)
         VALUES ($1, $2, $4::numeric - $3::numeric, $3::numeric, $4::numeric, $5, $6) RETURNING id`,
        [clientId, e.kind, row.balance, row.next, blankToNull(e.note), user.id],
      );
      const entry = (await tx.query(
        `SELECT ${ENTRY_COLUMNS} FROM administration_balance_ledger l LEFT JOIN users u ON u.id = l.created_by WHERE l.id = $1`,
        [rows[0].id],
      )).rows[0];
      await audit({
        clientId, action: e.kind, objectType: 'client_balance', objectId: clientId,
        before: { balance: row.balance }, after: { balance: row.next, entry_id: rows[0].id, note: blankToNull(e.note) },
      });
      return entry;
    });
});
