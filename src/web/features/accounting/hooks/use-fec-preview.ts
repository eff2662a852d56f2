/**
 * The preview of the kept file for the exercice on screen (POST /api/accounting/fec/preview): a
 * query keyed by year and file, so switching the exercice previews it for that year, and a change
 * of rules or data (which makes the previews stale) previews it again. Never refetched on its own
 * otherwise: it sends the whole file.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountingKeys } from '../api/accounting-keys';
import { previewFec } from '../api/fec';
import type { KeptFile } from '../lib/kept-file';
import { LARGE_FILE } from '../lib/read-bytes';

export function useFecPreview(year: number, file: KeptFile | null) {
  /** While a large file is sent: the share sent (0 to 1). */
  const [sent, setSent] = useState<number | null>(null);
  const query = useQuery({
    queryKey: accountingKeys.preview(year, file?.id ?? 0),
    queryFn: async () => {
      const isLarge = file!.size > LARGE_FILE;
      if (isLarge) setSent(0);
      try {
        // Once sent, the server reads the file: « Analyse du fichier… » until it answers.
        return await previewFec(file!.bytes, year, isLarge ? (share) => setSent(share < 1 ? share : null) : undefined);
      } finally {
        setSent(null);
      }
    },
    enabled: file !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  return { query, sent };
}
