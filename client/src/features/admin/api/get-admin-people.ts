import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPeopleRoutes, type AdminPerson } from '@shared/contracts/admin-people';
import { callApi } from '@/lib/api-client';
import { queryKeys, type QueryConfig } from '@/lib/react-query';

/**
 * GET /api/admin/users?query= — accounts whose e-mail or name contains the text (the newest when
 * it is empty), at most PEOPLE_SEARCH_LIMIT. Admin only.
 */
export async function getAdminPeople(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminPerson[]> {
  return callApi(adminPeopleRoutes.search, { query: { query }, signal });
}

export const getAdminPeopleQueryOptions = (query: string) =>
  queryOptions({
    queryKey: queryKeys.admin.peopleMatching(query),
    queryFn: ({ signal }) => getAdminPeople(query, { signal }),
    // A new search keeps the last results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

type UseAdminPeopleOptions = {
  query: string;
  queryConfig?: QueryConfig<typeof getAdminPeopleQueryOptions>;
};

export const useAdminPeople = ({ query, queryConfig }: UseAdminPeopleOptions) =>
  useQuery({ ...getAdminPeopleQueryOptions(query), ...queryConfig });
