import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CarouselBanner } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLinkTargets, type LinkTarget } from '../api/link-targets';

/** The banner's link as the field shows it, or null. */
const current = (banner: CarouselBanner): LinkTarget | null =>
  banner.link_topic_id !== null
    ? { kind: 'topic', id: banner.link_topic_id, label: banner.link_label ?? `#${banner.link_topic_id}` }
    : banner.link_unit_id !== null
      ? { kind: 'unit', id: banner.link_unit_id, label: banner.link_label ?? `#${banner.link_unit_id}` }
      : null;

/**
 * What touching the banner opens on the kiosk: nothing, a question topic (the kiosk asks it) or a
 * directory unit (the kiosk shows it). Searched as the operator types: topics by name, units by
 * number, name, phone or email.
 */
export function BannerLinkField({
  deviceId,
  banner,
  disabled,
  onChange,
}: {
  deviceId: number;
  banner: CarouselBanner;
  disabled: boolean;
  onChange: (link: LinkTarget | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const targets = useLinkTargets(deviceId, search, open);
  const value = current(banner);
  return (
    <Autocomplete<LinkTarget>
      size="small"
      sx={{ width: 240 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={targets.data ?? []}
      loading={targets.isFetching}
      disabled={disabled}
      filterOptions={(options) => options}
      groupBy={(o) => t(`interface.carousel.link_${o.kind}s`)}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => `${o.kind}-${o.id}`}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input' || reason === 'clear') setText(input);
      }}
      onChange={(_event, link) => onChange(link)}
      noOptionsText={t('interface.carousel.link_none_found')}
      loadingText={t('common.loading')}
      data-testid="carousel-link"
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('interface.carousel.link')}
          placeholder={t('interface.carousel.link_placeholder')}
        />
      )}
    />
  );
}
