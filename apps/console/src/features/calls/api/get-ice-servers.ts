import type { IceServer } from '@ambassador/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

/** GET /video_call/ice_servers: STUN/TURN for the peer connection (often none on a site's LAN). */
export async function getIceServers(signal?: AbortSignal): Promise<IceServer[]> {
  const { data } = await api.get<IceServer[]>('/video_call/ice_servers', undefined, signal);
  return data;
}

/**
 * Read when answering, cached for the session. Without them a call still connects on the same
 * network, so a failed read answers with none rather than refusing the call.
 */
export async function loadIceServers(queryClient: QueryClient): Promise<IceServer[]> {
  try {
    return await queryClient.fetchQuery({
      queryKey: callsKeys.iceServers(),
      queryFn: ({ signal }) => getIceServers(signal),
      staleTime: 5 * 60_000,
      retry: false,
    });
  } catch {
    return [];
  }
}
