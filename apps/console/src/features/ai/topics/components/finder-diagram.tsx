import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import IndeterminateCheckBoxOutlined from '@mui/icons-material/IndeterminateCheckBoxOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import type { FinderNode } from '@ambassador/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useFinder } from '../api/get-finder';

/** Where a node's connector meets it, from the top of its row. */
const ELBOW = 16;
const LINE = '1px solid #b8c2d6';

/** Branch lines: every item hangs off its parent's vertical line; the last one ends it. */
const treeSx = {
  listStyle: 'none',
  m: 0,
  pl: 0,
  '& ul': { listStyle: 'none', m: 0, pl: 1.5 },
  '& li': { position: 'relative', pl: 2.5 },
  '& li::before': {
    content: '""',
    position: 'absolute',
    left: 0,
    top: 0,
    bottom: 0,
    borderLeft: LINE,
  },
  '& li:last-of-type::before': { bottom: 'auto', height: ELBOW },
  '& li::after': {
    content: '""',
    position: 'absolute',
    left: 0,
    top: ELBOW,
    width: 16,
    borderTop: LINE,
  },
  // The top level has no parent to hang from.
  '& > li': { pl: 0 },
  '& > li::before, & > li::after': { display: 'none' },
} as const;

function nodeKey(node: FinderNode) {
  return `${node.type}-${node.id}`;
}

function DiagramNode({
  node,
  collapsed,
  onToggle,
}: {
  node: FinderNode;
  collapsed: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = nodeKey(node);
  const open = !collapsed.has(key);
  const hasChildren = node.children.length > 0;
  const inactive = node.type === 'topic' && node.is_activated === false;

  const label =
    node.type === 'category' ? (
      <Box
        data-testid={`finder-diagram-category-${node.id}`}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          px: 1.25,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 600,
          fontSize: 14,
        }}
      >
        <FolderOutlined sx={{ fontSize: 18 }} />
        {node.name}
      </Box>
    ) : (
      <ButtonBase
        onClick={() => void navigate(`/ai/keyword/question/${node.id}`)}
        data-testid={`finder-topic-${node.id}`}
        data-active={inactive ? 'false' : 'true'}
        title={inactive ? t('ai.finder.inactive') : undefined}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          px: 1.25,
          py: 0.5,
          borderRadius: 1,
          border: 1,
          borderColor: inactive ? 'divider' : 'primary.light',
          bgcolor: inactive ? 'grey.100' : 'background.paper',
          color: inactive ? 'text.disabled' : 'text.primary',
          fontSize: 14,
          '&:hover': { borderColor: 'primary.main', color: inactive ? 'text.secondary' : 'primary.main' },
        }}
      >
        <QuestionAnswerOutlined sx={{ fontSize: 16 }} />
        {node.name}
        {inactive && (
          <Typography component="span" sx={{ fontSize: 12, fontStyle: 'italic' }}>
            ({t('ai.finder.inactive')})
          </Typography>
        )}
      </ButtonBase>
    );

  return (
    <li>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: ELBOW * 2, py: 0.25 }}>
        {label}
        {hasChildren && (
          <IconButton
            size="small"
            onClick={() => onToggle(key)}
            aria-expanded={open}
            aria-label={`${open ? t('ai.finder.collapse') : t('ai.finder.expand')}: ${node.name}`}
            sx={{ p: 0.25, color: 'text.secondary' }}
          >
            {open ? (
              <IndeterminateCheckBoxOutlined sx={{ fontSize: 18 }} />
            ) : (
              <AddBoxOutlined sx={{ fontSize: 18 }} />
            )}
          </IconButton>
        )}
        {hasChildren && !open && (
          <Typography variant="caption" color="text.secondary">
            {t('ai.finder.hidden_items', { count: node.children.length })}
          </Typography>
        )}
      </Box>
      {hasChildren && open && (
        <ul>
          {node.children.map((child) => (
            <DiagramNode key={nodeKey(child)} node={child} collapsed={collapsed} onToggle={onToggle} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The whole category → topic tree, drawn with branch lines. Topics open their page; inactive ones are grey. */
export function FinderDiagram() {
  const { t } = useTranslation();
  const finder = useFinder();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  let body;
  if (finder.isPending) {
    body = [0, 1, 2, 3].map((i) => <Skeleton key={i} width={200 + (i % 2) * 80} height={32} />);
  } else if (finder.isError) {
    body = <Alert severity="error">{errorMessage(finder.error, t('errors.unknown'))}</Alert>;
  } else if (finder.data.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('ai.finder.empty')}
      </Typography>
    );
  } else {
    body = (
      <Box component="ul" sx={treeSx}>
        {finder.data.map((node) => (
          <DiagramNode key={nodeKey(node)} node={node} collapsed={collapsed} onToggle={toggle} />
        ))}
      </Box>
    );
  }

  return (
    <Box
      data-testid="finder-diagram"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        maxHeight: 520,
        overflow: 'auto',
        bgcolor: 'background.paper',
      }}
    >
      {body}
    </Box>
  );
}
