// A persistent exec critic of reviews (JSON Lines) with a fixed answering
// style, for the review-audit specs. Its first argument picks it:
//   concern-everything   DISAGREE_CONCERN on every review, real flags included (dismissing them)
//   unresolved-citation  DISAGREE_EVIDENCE on every review, citing words no artifact or evidence holds
import { createInterface } from 'node:readline';

const style = process.argv[2];

function answer() {
  switch (style) {
    case 'concern-everything':
      return 'DISAGREE_CONCERN: I am not convinced any of this is substantiated.';
    case 'unresolved-citation':
      return 'DISAGREE_EVIDENCE: "as section 99 of the appendix plainly states"';
    default:
      throw new Error(`unknown style ${style}`);
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const review = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ id: review.id, reply: answer() })}\n`);
});
