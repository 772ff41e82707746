import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visuallyHidden } from './visually-hidden';

describe('visuallyHidden', () => {
  it('leaves a one-pixel box out of the flow (not one as large as its container)', () => {
    render(
      <div style={{ position: 'relative', width: 800, height: 600 }}>
        <Box sx={visuallyHidden}>Said to screen readers</Box>
      </div>,
    );
    const style = getComputedStyle(screen.getByText('Said to screen readers'));
    expect([style.position, style.width, style.height, style.overflow]).toEqual([
      'absolute',
      '1px',
      '1px',
      'hidden',
    ]);
  });
});
