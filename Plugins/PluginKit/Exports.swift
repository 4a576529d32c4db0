// A backend author imports the kit alone: the formats it decodes and encodes come with it.
@_exported public import TrellisCore
