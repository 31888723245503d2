// aws-local-stepfunctions calls Promise.withResolvers, which Node 20 lacks (Lambda's Node 22 has it).
import '../local/polyfills';
