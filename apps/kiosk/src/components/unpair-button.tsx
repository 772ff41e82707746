import { useEffect, useState } from 'react';
import { Bilingual, bilingualText } from './bilingual';
import { GearIcon } from './icons';

/**
 * Staff-only, in a corner: the first tap arms it ("Tap again to unpair"), a second tap within
 * `confirmMs` forgets the key. A stray tap by a visitor only arms it for a few seconds.
 */
export function UnpairButton({ onUnpair, confirmMs }: { onUnpair: () => void; confirmMs: number }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), confirmMs);
    return () => clearTimeout(timer);
  }, [armed, confirmMs]);
  return (
    <button
      type="button"
      className={armed ? 'k-unpair k-unpair-armed' : 'k-unpair'}
      data-testid="kiosk-unpair"
      data-armed={armed}
      aria-label={armed ? bilingualText('unpairConfirm') : bilingualText('unpair')}
      title={bilingualText('settings')}
      onClick={() => (armed ? onUnpair() : setArmed(true))}
    >
      <GearIcon />
      {armed && (
        <span className="k-unpair-text">
          <Bilingual k="unpairConfirm" />
        </span>
      )}
    </button>
  );
}
