import { LANGUAGES, type Language, type ManagedDevice } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

/**
 * The languages each device offers, from GET /admin_settings/devices. Only admins may read that
 * list: for anyone else (or on any failure) this answers null and the offline response offers
 * every language, rather than showing an error about a list the operator never asked for.
 */
export async function getDeviceLanguages(signal?: AbortSignal): Promise<Map<number, Language[]> | null> {
  try {
    const { data } = await api.get<ManagedDevice[]>('/admin_settings/devices', undefined, signal);
    return new Map(data.map((device) => [device.id, device.languages]));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

/** The device's languages in the contracts' LANGUAGES order, or all of them when unknown. */
export function useDeviceLanguages(deviceId: number | null, enabled: boolean) {
  const query = useQuery({
    queryKey: callsKeys.deviceLanguages(),
    queryFn: ({ signal }) => getDeviceLanguages(signal),
    enabled,
  });
  const own = deviceId === null ? undefined : query.data?.get(deviceId);
  const languages: readonly Language[] =
    own && own.length > 0 ? LANGUAGES.filter((language) => own.includes(language)) : LANGUAGES;
  return { languages, loading: query.isLoading, known: Boolean(own && own.length > 0) };
}
