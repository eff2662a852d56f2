/**
 * What the budget grid knows of comments (docs/product.md#comments), shared so that features never
 * import each other: the app wraps the budget editor in the comments feature, which provides this
 * context; the grid reads it to draw a corner mark on the cells holding an open thread and to offer
 * « Commenter la cellule » (its context menu, Shift+F2). Absent (null), the grid shows neither.
 */
import { createContext, useContext } from 'react';
import type { Measure } from '@/domain';

export type CommentCell = {
  lineId: string;
  month: number;
  field: Measure;
  /** The cell's name (docs/product.md#accessible-names): '{Pôle} · {Ligne} · {Mois} · {Mesure}'. */
  label: string;
};

export interface CellComments {
  /** The cells holding an open thread, by `cellKey` (domain/comments.ts). */
  openCells: ReadonlySet<string>;
  /** Opens the comments panel on that cell (its threads, and a box to start one). */
  comment: (cell: CommentCell) => void;
}

export const CellCommentsContext = createContext<CellComments | null>(null);

export const useCellComments = (): CellComments | null => useContext(CellCommentsContext);
