import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** While the first screen's code arrives. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
