import { PAIRING_STRINGS, type PairingKey } from '../i18n/pairing-strings';
import { format } from '../i18n/strings';

/** One staff message in English with its Chinese beneath. */
export function Bilingual({ k, values = {} }: { k: PairingKey; values?: Record<string, string | number> }) {
  return (
    <>
      <span className="k-bi-en">{format(PAIRING_STRINGS.english[k], values)}</span>
      <span className="k-bi-zh" lang="zh-Hant">
        {format(PAIRING_STRINGS.chinese[k], values)}
      </span>
    </>
  );
}

/** The same message as one line, for labels and titles. */
export function bilingualText(k: PairingKey): string {
  return `${PAIRING_STRINGS.english[k]} / ${PAIRING_STRINGS.chinese[k]}`;
}
