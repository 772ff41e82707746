import { DirectoryCard } from '@/features/directory/components/directory-card';
import { InterfacePage } from '@/features/interface/pages/interface-page';

/** Interface Settings with the directory's card: two areas, composed here (features never import each other). */
export function InterfaceRoute() {
  return (
    <InterfacePage
      more={(device) => (
        <DirectoryCard key={`directory-${device.id}`} deviceId={device.id} deviceName={device.name} />
      )}
    />
  );
}
