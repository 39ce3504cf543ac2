// useList(endpoint, params): one page of a list endpoint through the response cache.
// `endpoint` is relative to /api/v1 ('clients/c1/users'); the cache key starts with its
// segments, so invalidate(['clients', 'c1', 'users']) refreshes every page of it.
import { get, useQuery, type ListMeta, type QueryParams } from '../api-client.ts';
import { listKey } from './list-query.ts';

export interface ListResult<T> {
  rows: T[];
  meta: ListMeta | null;
  loading: boolean;
  error: Error | undefined;
  refetch: () => Promise<unknown>;
}

export function useList<T>(endpoint: string | null, params: QueryParams = {}, opts: { enabled?: boolean } = {}): ListResult<T> {
  const q = useQuery(
    endpoint ? listKey(endpoint, params) : null,
    async () => {
      const r = await get<T[]>(endpoint as string, params);
      return { rows: Array.isArray(r.data) ? r.data : [], meta: r.meta ?? null };
    },
    { enabled: opts.enabled },
  );
  return {
    rows: q.data?.rows ?? [],
    meta: q.data?.meta ?? null,
    loading: q.loading,
    error: q.error,
    refetch: q.refetch,
  };
}
