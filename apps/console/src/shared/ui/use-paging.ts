import { useState } from 'react';
import { PAGE_SIZE } from '@ambassador/contracts';

/** Server-side paging state: zero-based page, limit/offset for the call (10 rows a page by default). */
export function usePaging(initialPageSize: number = PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const setPageSize = (size: number) => {
    setPageSizeState(size);
    setPage(0);
  };
  return { page, pageSize, limit: pageSize, offset: page * pageSize, setPage, setPageSize };
}
