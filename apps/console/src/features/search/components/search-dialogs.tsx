import { SearchDialog } from './search-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';

export type OpenSearch = 'search' | 'shortcuts' | null;

/** The search and the shortcuts list, one open at a time (the shell holds which). */
export function SearchDialogs({ open, onClose }: { open: OpenSearch; onClose: () => void }) {
  return (
    <>
      <SearchDialog open={open === 'search'} onClose={onClose} />
      <ShortcutsDialog open={open === 'shortcuts'} onClose={onClose} />
    </>
  );
}
