import { createTheme, lighten } from '@mui/material/styles';

/** Fixed sizes of the shell's bars, in px. */
export const TOP_BAR_HEIGHT = 64;
export const LEFT_BAR_WIDTH = 256;
export const LEFT_BAR_COLLAPSED_WIDTH = 64;
export const RIGHT_BAR_WIDTH = 300;

const PRIMARY = '#1b65f2';

/**
 * A selected table row (the current event, the open quiz), and the same under the pointer. Its text
 * buttons and coloured chips keep 4.5:1 on it: MUI's own tint (8 % of primary, 12 % hovered) took
 * primary text to 4.3:1.
 */
export const SELECTED_ROW = lighten(PRIMARY, 0.96);
export const SELECTED_ROW_HOVER = lighten(PRIMARY, 0.94);

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    error: { main: '#cf321d' },
    // WCAG AA: warning text (outlined chips, text buttons) needs 4.5:1 on white; MUI's #ed6c02 has 3.1.
    warning: { main: '#b54708' },
    // Likewise info (filled chips, white text): MUI's #0288d1 has 3.85:1, this 4.8:1.
    info: { main: '#0277bd' },
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
    // The console renders only in a browser: media queries answer on the first render. Otherwise a
    // phone first renders the desktop frame (the permanent left bar with every entry), then
    // re-renders it as the phone's, which is most of the shell's work on a slow phone (issue 20).
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    // Subtitles are styled text, not headings: MUI maps them to <h6>, which breaks the heading order.
    MuiTypography: {
      defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
    },
    // The help under a disabled field stays readable (text.disabled has 2.7:1 on white).
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    MuiTableRow: {
      styleOverrides: {
        root: {
          '&.Mui-selected': {
            backgroundColor: SELECTED_ROW,
            '&:hover': { backgroundColor: SELECTED_ROW_HOVER },
          },
        },
      },
    },
    // Dialogs keep clear of the bottom-right snackbar, so its notices never cover Save or Cancel.
    MuiDialog: {
      styleOverrides: {
        paper: { marginBottom: 88, maxHeight: 'calc(100% - 120px)' },
      },
    },
  },
});
