import type {
  Menu,
  MenuCategoryInput,
  MenuItem,
  MenuItemInput,
  MenuItemUpdate,
  MenuPdfInfo,
} from '@lastman/api';
import type { MenuGuestsSee } from '@lastman/api/content/rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';
import { useClub } from '../../../../lib/club.ts';

const enc = encodeURIComponent;
const put = async <T>(path: string, body: unknown) => (await http.request<T>('PUT', path, { body })).data;

export const menuKeys = {
  all: ['menu'] as const,
  of: (slug: string) => [...menuKeys.all, slug] as const,
};

// GET /api/menu[?club=slug]: a member's own club, a visitor's by the link they came by.
export const fetchMenu = (slug: string) => http.get<Menu>(slug ? `/api/menu?club=${enc(slug)}` : '/api/menu');
export const menuQuery = (slug: string) =>
  queryOptions({ queryKey: menuKeys.of(slug), queryFn: () => fetchMenu(slug), staleTime: 60_000 });
export function useMenu() {
  const slug = useClub().data?.slug;
  return useQuery({ ...menuQuery(slug ?? ''), enabled: slug !== undefined });
}

/** After any change the menu is read again: the order, the items and the PDF follow from it. */
function useMenuMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}

/** Changes the cached menu at once (reorders, availability), before the server answers. */
function useOptimistic() {
  const queryClient = useQueryClient();
  return (change: (menu: Menu) => Menu) => {
    for (const [key, menu] of queryClient.getQueriesData<Menu>({ queryKey: menuKeys.all })) {
      if (menu) queryClient.setQueryData(key, change(menu));
    }
  };
}

export const useCreateCategory = () =>
  useMenuMutation((input: MenuCategoryInput) =>
    http.post<{ category: { id: string; name: string } }>('/api/admin/menu/categories', input),
  );
export const useRenameCategory = () =>
  useMenuMutation(({ id, name }: { id: string; name: string }) =>
    http.patch(`/api/admin/menu/categories/${enc(id)}`, { name }),
  );
export const useDeleteCategory = () =>
  useMenuMutation((id: string) => http.delete(`/api/admin/menu/categories/${enc(id)}`));
export const useCreateItem = () =>
  useMenuMutation((input: MenuItemInput) => http.post<{ item: MenuItem }>('/api/admin/menu/items', input));
export const useUpdateItem = () =>
  useMenuMutation(({ id, input }: { id: string; input: MenuItemUpdate }) =>
    http.patch<{ item: MenuItem }>(`/api/admin/menu/items/${enc(id)}`, input),
  );
export const useDeleteItem = () =>
  useMenuMutation((id: string) => http.delete(`/api/admin/menu/items/${enc(id)}`));

export function useSetAvailability() {
  const optimistic = useOptimistic();
  const mutation = useMenuMutation(({ id, available }: { id: string; available: boolean }) =>
    put<{ item: MenuItem }>(`/api/menu/items/${enc(id)}/availability`, { available }),
  );
  return {
    ...mutation,
    mutate: (input: { id: string; available: boolean }) => {
      optimistic((menu) => ({
        ...menu,
        categories: menu.categories.map((c) => ({
          ...c,
          items: c.items.map((i) => (i.id === input.id ? { ...i, available: input.available } : i)),
        })),
      }));
      mutation.mutate(input);
    },
  };
}

export function useReorderCategories() {
  const optimistic = useOptimistic();
  const mutation = useMenuMutation((ids: string[]) => put<Menu>('/api/admin/menu/categories', { ids }));
  return {
    ...mutation,
    mutate: (ids: string[]) => {
      optimistic((menu) => ({
        ...menu,
        categories: ids.flatMap((id) => menu.categories.filter((c) => c.id === id)),
      }));
      mutation.mutate(ids);
    },
  };
}

export function useReorderItems() {
  const optimistic = useOptimistic();
  const mutation = useMenuMutation(({ categoryId, ids }: { categoryId: string; ids: string[] }) =>
    put<Menu>(`/api/admin/menu/categories/${enc(categoryId)}/items`, { ids }),
  );
  return {
    ...mutation,
    mutate: (input: { categoryId: string; ids: string[] }) => {
      optimistic((menu) => ({
        ...menu,
        categories: menu.categories.map((c) =>
          c.id === input.categoryId
            ? { ...c, items: input.ids.flatMap((id) => c.items.filter((i) => i.id === id)) }
            : c,
        ),
      }));
      mutation.mutate(input);
    },
  };
}

// PUT /api/admin/menu/pdf: the file's own bytes; DELETE goes back to the PDF made from the menu.
export const useUploadPdf = () =>
  useMenuMutation((file: File) => put<MenuPdfInfo>('/api/admin/menu/pdf', file));
export const useRemovePdf = () => useMenuMutation(() => http.delete<MenuPdfInfo>('/api/admin/menu/pdf'));
// PUT /api/admin/menu/pdf/guests-see: which menu guests see once a PDF is uploaded.
export function useSetGuestsSee() {
  const optimistic = useOptimistic();
  const mutation = useMenuMutation((guestsSee: MenuGuestsSee) =>
    put<MenuPdfInfo>('/api/admin/menu/pdf/guests-see', { guestsSee }),
  );
  return {
    ...mutation,
    mutate: (guestsSee: MenuGuestsSee, options?: { onSuccess?: (info: MenuPdfInfo) => void }) => {
      optimistic((menu) => ({ ...menu, guestsSee }));
      mutation.mutate(guestsSee, options);
    },
  };
}

// PUT /api/admin/menu/items/:id/image: the picture's own bytes; DELETE removes it.
export const useSetItemPicture = () =>
  useMenuMutation(({ id, file }: { id: string; file: File }) =>
    put<{ item: MenuItem }>(`/api/admin/menu/items/${enc(id)}/image`, file),
  );
export const useRemoveItemPicture = () =>
  useMenuMutation((id: string) => http.delete<{ item: MenuItem }>(`/api/admin/menu/items/${enc(id)}/image`));
