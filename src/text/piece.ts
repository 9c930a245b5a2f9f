/** A stretch of a text: its words and where they stand (UTF-16 offsets). The unit every reader of prose in src/text/ returns. */
export interface Piece {
  text: string;
  start: number;
  end: number;
}
