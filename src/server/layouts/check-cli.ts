import { checkLayouts, formatProblem } from './check';
import { contractSchemaProblems } from './contract-schemas';

// `npm run layouts:check [FILE…]`: one line per problem and exit 1, or "N documents valid" and exit 0.
// The schemas declared in src/shared/contract are checked against it too.

const { checked, problems: documentProblems } = await checkLayouts(process.argv.slice(2));
const problems = [...contractSchemaProblems(), ...documentProblems];
for (const problem of problems) console.log(formatProblem(problem));
if (problems.length > 0) {
  console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exitCode = 1;
} else {
  console.log(`${checked} document${checked === 1 ? '' : 's'} valid`);
}
