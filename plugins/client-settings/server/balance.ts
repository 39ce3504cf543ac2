// The client's balance for the top bar's widget (spec 2.4, 4, 9): administrators change it
// (the administration area's ledger); members holding SEE_BALANCE read it.
import { defineRoutes } from '../../../src/host/server.ts';
import area from '../plugin.ts';

export const registerBalanceApi = defineRoutes(area, (api) => {
  api.get('/balance', { scope: 'tenant', guard: 'balance' }, async ({ tx, clientId }) => {
    const { rows } = await tx.query<{ balance: string }>('SELECT balance::text AS balance FROM clients WHERE id = $1', [clientId]);
    return { balance: rows[0].balance };
  });
});
