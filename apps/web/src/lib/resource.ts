import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest } from './api-client'

/** The id an optimistically added record carries until the server answers (SPEC §4). */
export const TEMP_ID = 'temp-id'

interface StoredRecord {
  id: string
  createdAt: string
}

/** Query parameters of a list call, e.g. `{ activityId }` or a `{ from, to }` range. */
export type ListQuery = Record<string, string | number | undefined>

type Snapshot<T> = Array<[QueryKey, T[] | undefined]>

interface ResourceOptions {
  /** Other caches a change of this resource makes stale (e.g. event counts for events). */
  alsoInvalidates?: QueryKey[]
}

/**
 * Queries and optimistic mutations for one REST resource of the product API.
 * Adds are inserted under TEMP_ID and replaced by the server's record; updates and deletes
 * apply locally first; every change is rolled back when the call fails, and the caches are
 * refetched once it settles.
 * Call it once per resource at module level: the hooks it returns are then stable module-level
 * functions, which is why the hook-factory lint rule is off for this file.
 */
export function createResource<TRecord extends StoredRecord, TCreate, TUpdate = TCreate>(
  path: string,
  options: ResourceOptions = {},
) {
  const keys = {
    all: [path] as const,
    lists: () => [path, 'list'] as const,
    list: (query: ListQuery = {}) => [path, 'list', query] as const,
    detail: (id: string) => [path, 'detail', id] as const,
  }

  const listQuery = (query: ListQuery = {}) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => apiRequest<TRecord[]>(path, { signal, query }),
    })

  /** Applies `update` to every cached list of this resource; returns them as they were. */
  function updateLists(
    queryClient: QueryClient,
    update: (list: TRecord[]) => TRecord[],
  ): Snapshot<TRecord> {
    const snapshot = queryClient.getQueriesData<TRecord[]>({ queryKey: keys.lists() })
    queryClient.setQueriesData<TRecord[]>({ queryKey: keys.lists() }, (list) =>
      list ? update(list) : list,
    )
    return snapshot
  }

  function restoreLists(queryClient: QueryClient, snapshot: Snapshot<TRecord> | undefined) {
    for (const [queryKey, list] of snapshot ?? []) queryClient.setQueryData(queryKey, list)
  }

  const detailQuery = (id: string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => apiRequest<TRecord>(`${path}/${encodeURIComponent(id)}`, { signal }),
      enabled: Boolean(id) && id !== TEMP_ID,
    })

  async function invalidate(queryClient: QueryClient) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.all }),
      ...(options.alsoInvalidates ?? []).map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    ])
  }

  function useCreate() {
    const queryClient = useQueryClient()
    return useMutation({
      mutationFn: (input: TCreate) => apiRequest<TRecord>(path, { method: 'POST', body: input }),
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey: keys.lists() })
        const optimistic = {
          ...input,
          id: TEMP_ID,
          createdAt: new Date().toISOString(),
          deletedAt: null,
        } as unknown as TRecord
        return { snapshot: updateLists(queryClient, (list) => [optimistic, ...list]) }
      },
      onSuccess: (record) => {
        updateLists(queryClient, (list) =>
          list.map((item) => (item.id === TEMP_ID ? record : item)),
        )
        queryClient.setQueryData(keys.detail(record.id), record)
      },
      onError: (error, _input, context) => {
        console.error(error)
        restoreLists(queryClient, context?.snapshot)
      },
      onSettled: () => invalidate(queryClient),
    })
  }

  function useUpdate() {
    const queryClient = useQueryClient()
    return useMutation({
      mutationFn: ({ id, ...input }: TUpdate & { id: string }) =>
        apiRequest<TRecord>(`${path}/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
      onMutate: async (change) => {
        await queryClient.cancelQueries({ queryKey: keys.all })
        const previousDetail = queryClient.getQueryData<TRecord>(keys.detail(change.id))
        const apply = (record: TRecord) =>
          record.id === change.id ? ({ ...record, ...change } as TRecord) : record
        const snapshot = updateLists(queryClient, (list) => list.map(apply))
        if (previousDetail) queryClient.setQueryData(keys.detail(change.id), apply(previousDetail))
        return { snapshot, previousDetail }
      },
      onSuccess: (record) => {
        updateLists(queryClient, (list) =>
          list.map((item) => (item.id === record.id ? record : item)),
        )
        queryClient.setQueryData(keys.detail(record.id), record)
      },
      onError: (error, change, context) => {
        console.error(error)
        restoreLists(queryClient, context?.snapshot)
        if (context?.previousDetail) {
          queryClient.setQueryData(keys.detail(change.id), context.previousDetail)
        }
      },
      onSettled: () => invalidate(queryClient),
    })
  }

  function useDelete() {
    const queryClient = useQueryClient()
    return useMutation({
      mutationFn: (id: string) =>
        apiRequest<void>(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onMutate: async (id) => {
        await queryClient.cancelQueries({ queryKey: keys.all })
        return {
          snapshot: updateLists(queryClient, (list) => list.filter((item) => item.id !== id)),
        }
      },
      onSuccess: (_result, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) })
      },
      onError: (error, _id, context) => {
        console.error(error)
        restoreLists(queryClient, context?.snapshot)
      },
      onSettled: () => invalidate(queryClient),
    })
  }

  return {
    keys,
    listQuery,
    detailQuery,
    useList: (query: ListQuery = {}) => useQuery(listQuery(query)),
    useOne: (id: string) => useQuery(detailQuery(id)),
    useCreate,
    useUpdate,
    useDelete,
  }
}
