import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCategory, TCategoryInput } from '@tavolo/contracts/menu';
import { api } from '../../../lib/api.ts';

export const categoryKeys = {
  all: ['menu', 'categories'] as const,
};

export const categoriesApi = {
  list: () => api<TCategory[]>('GET', '/tenant/categories'),
  create: (input: TCategoryInput) => api<TCategory>('POST', '/tenant/categories', { body: input }),
  update: (id: string, input: TCategoryInput) => api<TCategory>('PUT', `/tenant/categories/${id}`, { body: input }),
  reorder: (ids: string[]) => api<unknown>('PATCH', '/tenant/categories/reorder', { body: { ids } }),
  remove: (id: string, moveTo?: string) => api<unknown>('DELETE', `/tenant/categories/${id}`, { query: { move_to: moveTo } }),
};

/** The restaurant's categories in their menu order. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: async () => [...(await categoriesApi.list()).data].sort((a, b) => a.sort_order - b.sort_order),
  });
}

/** Create (no id) or update a category; products show their category's name and state, so both lists refresh. */
export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TCategoryInput }) => (id ? categoriesApi.update(id, input) : categoriesApi.create(input)),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: categoryKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'products'] })]),
  });
}

/** Drag and drop: the new order shows at once and goes back if the server refuses it. */
export function useReorderCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => categoriesApi.reorder(ids),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: categoryKeys.all });
      const previous = client.getQueryData<TCategory[]>(categoryKeys.all);
      if (previous) {
        const byId = new Map(previous.map((c) => [c.id, c]));
        client.setQueryData<TCategory[]>(
          categoryKeys.all,
          ids.flatMap((id, index) => {
            const category = byId.get(id);
            return category ? [{ ...category, sort_order: index }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(categoryKeys.all, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) => categoriesApi.remove(id, moveTo),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: categoryKeys.all }), client.invalidateQueries({ queryKey: ['menu', 'products'] })]),
  });
}
