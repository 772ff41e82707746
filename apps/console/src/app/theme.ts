import { createTheme } from '@mui/material/styles';

/** Fixed sizes of the shell's bars, in px. */
export const TOP_BAR_HEIGHT = 64;
export const LEFT_BAR_WIDTH = 256;
export const LEFT_BAR_COLLAPSED_WIDTH = 64;
export const RIGHT_BAR_WIDTH = 300;

export const theme = createTheme({
  palette: {
    primary: { main: '#1b65f2' },
    error: { main: '#cf321d' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang TC", "PingFang SC", "Microsoft JhengHei", "Microsoft YaHei", "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif',
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    // Dialogs keep clear of the bottom-right snackbar, so its notices never cover Save or Cancel.
    MuiDialog: {
      styleOverrides: {
        paper: { marginBottom: 88, maxHeight: 'calc(100% - 120px)' },
      },
    },
  },
});
