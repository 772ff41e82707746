import type { Language } from '@ambassador/contracts';
import { useAuth } from './auth-store';

/**
 * The languages the selected device offers, its default first (from the session's device list),
 * or undefined when the list does not say (a session stored before it carried them).
 */
export function useSelectedDeviceLanguages(): readonly Language[] | undefined {
  const auth = useAuth();
  const languages = auth.device_list.find((d) => d.id === auth.selected_device)?.languages;
  return languages && languages.length > 0 ? languages : undefined;
}
