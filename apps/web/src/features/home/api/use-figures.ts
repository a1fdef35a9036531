import { useQuery } from '@tanstack/react-query';
import { getFiguresQueryOptions } from './get-figures';

/** The live figures (`GET /api/utilities/figures`), cached 60 s; a hook apart so `useQuery` stays out of the first render. */
export const useFigures = () => useQuery(getFiguresQueryOptions());
