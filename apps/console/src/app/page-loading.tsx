import Box from '@mui/material/Box';
import { Spinner } from '@/shared/ui/spinner';

/** While the first screen's code arrives. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Spinner />
    </Box>
  );
}
