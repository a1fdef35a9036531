import { QueryClient } from '@tanstack/react-query';

/**
 * The panel's one react-query client, given to react-admin's `<Admin queryClient>` so that the
 * auth provider can refresh the permissions query (`['auth', 'getPermissions']`) when the server
 * reports a new role.
 */
export const queryClient = new QueryClient();
