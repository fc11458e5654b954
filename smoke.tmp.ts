import { validate } from './test/unit/wiki/helpers';
const t = process.argv[2].replace(/\\n/g, '\n');
for (const d of validate(t)) console.log(d.severity, d.code, JSON.stringify(d.text), d.param, '|', d.message, JSON.stringify(d.data));
