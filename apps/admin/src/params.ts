import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { API_BASE, type LoadParams } from '@mm/shared';

/** Reference data of spec §3 (`GET /api/utilities/loadparams`) in the panel's language, for choices. */
export function useParams(): LoadParams | undefined {
  const [locale] = useLocaleState();
  const { data } = useQuery({
    queryKey: ['loadparams', locale],
    queryFn: async () => {
      // zod loads with the first use, not with the panel's entry.
      const [{ loadParamsResponseSchema }, res] = await Promise.all([
        import('./shared-schemas'),
        fetch(`${API_BASE}/utilities/loadparams`, { headers: { Language: locale } }),
      ]);
      return loadParamsResponseSchema.parse(await res.json());
    },
    staleTime: Infinity,
  });
  return data;
}

/** `{ id, name }` choices for react-admin selects. */
export type Choice = { id: number | string; name: string };

/** Provinces and states, grouped by country order, for a SelectInput. */
export function useProvinceChoices(): Choice[] {
  const params = useParams();
  return (params?.provinces ?? []).map((p) => ({ id: p.province_id, name: p.province }));
}

export function useCountryChoices(): Choice[] {
  const params = useParams();
  return (params?.countries ?? []).map((c) => ({ id: c.id, name: c.country }));
}
