import { writeContractSchemas } from './contract-schemas';

// Writes the schemas/ parts declared in src/shared/contract (domain data, banner dimensions); layouts:check checks them.
writeContractSchemas();
console.log('schemas/domain-data.schema.json and the bannerDimension enum of schemas/common.schema.json written');
