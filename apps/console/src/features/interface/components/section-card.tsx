import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { InterfaceComponentId, InterfaceSection, InterfaceSectionId } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateSection } from '../api/update-section';

/**
 * One kiosk section with a switch per component. A switch saves its section at once and shows the
 * new position meanwhile; if the save fails it goes back to what the server has, and says why.
 */
export function SectionCard({ deviceId, section }: { deviceId: number; section: InterfaceSection }) {
  const { t } = useTranslation();
  const update = useUpdateSection();
  // The switches as the operator just set them, until the server answers.
  const [pending, setPending] = useState<Record<string, boolean> | null>(null);
  const id = section.id as InterfaceSectionId;
  const title = t(`interface.sections.${id}.title`);
  const isOn = (component: string) =>
    pending?.[component] ?? section.components.find((c) => c.id === component)?.is_enabled ?? false;

  const toggle = async (component: string, on: boolean) => {
    const next = Object.fromEntries(
      section.components.map((c) => [c.id, c.id === component ? on : isOn(c.id)]),
    );
    setPending(next);
    await notify.run(
      () =>
        update.mutateAsync({
          device_id: deviceId,
          section_id: section.id,
          selected_comp_ids: Object.keys(next).filter((c) => next[c]),
        }),
      { loading: t('common.updating'), success: t('interface.saved', { section: title }) },
    );
    // Saved: the query holds the server's answer now. Failed: back to what the server has.
    setPending(null);
  };

  const headingId = `interface-section-${section.id}`;
  return (
    <Card data-testid={`interface-section-${section.id}`} component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
            {title}
          </Typography>
          {section.later && <Chip size="small" label={t('interface.later_chip')} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {t(`interface.sections.${id}.description`)}
        </Typography>
        <FormGroup>
          {section.components.map((component) => (
            <FormControlLabel
              key={component.id}
              control={
                <Switch
                  checked={isOn(component.id)}
                  disabled={update.isPending}
                  onChange={(event) => void toggle(component.id, event.target.checked)}
                  slotProps={{
                    input: { 'data-testid': `interface-switch-${section.id}-${component.id}` } as object,
                  }}
                />
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1 }}>
                  {t(`interface.components.${component.id as InterfaceComponentId}`)}
                  {component.later && !section.later && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t('interface.later_chip')}
                    </Typography>
                  )}
                </Box>
              }
            />
          ))}
        </FormGroup>
        {section.later && (
          <Typography variant="caption" color="text.secondary">
            {t('interface.later_hint')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
