// The few parts of oidc-provider (no bundled types) that the embedded issuer uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    body: unknown;
    type: string;
    status: number;
    set(name: string, value: string): void;
    oidc: {
      client?: { clientId: string };
      account?: { accountId: string };
      session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      requestParamOIDCScopes: Set<string>;
      requestParamClaims: Set<string>;
      provider: Provider;
    };
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface Session {
    accountId?: string;
    authorizations?: Record<string, { grantId?: string; sid?: string }>;
    destroy(): Promise<void>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: {
      new (init: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    Session: {
      find(id: string): Promise<Session | undefined>;
    };
    use(middleware: (ctx: any, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (...args: any[]) => void): this;
  }

  export const errors: Record<string, new (...args: any[]) => Error> & {
    SessionNotFound: new (...args: any[]) => Error;
  };
  export default Provider;
}
