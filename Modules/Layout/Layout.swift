// TrellisLayout: the constraint and flexbox engines. Sources live in Constraints/ and Flex/.
