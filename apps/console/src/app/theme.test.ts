import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { SELECTED_ROW, SELECTED_ROW_HOVER, theme } from './theme';

describe('theme', () => {
  it('keeps coloured text readable (4.5:1) on a selected table row, also under the pointer', () => {
    const { primary, success, warning, error } = theme.palette;
    for (const background of [SELECTED_ROW, SELECTED_ROW_HOVER]) {
      const ratios = [primary.main, success.main, warning.main, error.main].map((color) =>
        getContrastRatio(color, background),
      );
      expect(Math.min(...ratios), background).toBeGreaterThanOrEqual(4.5);
    }
    expect(theme.components?.MuiTableRow?.styleOverrides?.root).toEqual({
      '&.Mui-selected': { backgroundColor: SELECTED_ROW, '&:hover': { backgroundColor: SELECTED_ROW_HOVER } },
    });
  });

  it('keeps white text readable (4.5:1) on every filled colour (chips, badges, buttons)', () => {
    const { primary, success, warning, error, info } = theme.palette;
    for (const color of [primary, success, warning, error, info])
      expect(getContrastRatio(color.contrastText, color.main), color.main).toBeGreaterThanOrEqual(4.5);
  });
});
