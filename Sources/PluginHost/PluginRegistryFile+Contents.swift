import ShopFormats
import ShopPluginAPI

extension PluginRegistryFile {
    /// What a registry file holds, read in one pass with the pull reader. Shapes shop does
    /// not write are recorded, not thrown: only text that is not JSON is an error.
    struct Contents {
        /// The `registryVersion`; nil when the file is not an object with a whole number there.
        var version: Int?
        /// The `plugins`, in order; nil for an entry with a field missing or of the wrong type.
        var entries: [Entry?] = []

        private init() {}

        init(reading bytes: [UInt8]) throws(JSONError) {
            self = try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
                var contents = Contents()
                guard try reader.peekKind() == .object else {
                    try reader.skipValueSyntax()
                    return contents
                }
                try reader.readObject { key, reader throws(JSONError) in
                    switch key {
                    case "registryVersion": contents.version = try reader.intIfPresent()
                    case "plugins" where try reader.peekKind() == .array:
                        try reader.readArray { _, reader throws(JSONError) in
                            contents.entries.append(try Self.readEntry(&reader, in: bytes))
                        }
                    default: try reader.skipValueSyntax()
                    }
                }
                return contents
            }
        }

        /// The members of an entry read, by their index.
        private static let entryNames = JSONMemberNames(["name", "path", "size", "modified", "manifest"])

        private static func readEntry(_ reader: inout JSONReader, in bytes: [UInt8]) throws(JSONError) -> Entry? {
            guard try reader.peekKind() == .object else {
                try reader.skipValueSyntax()
                return nil
            }
            var (name, path, size, modified): (String?, String?, Int?, Int?)
            var manifest: CachedManifest?
            try reader.readObject(entryNames) { index, reader throws(JSONError) in
                switch index {
                case 0: name = try reader.stringIfPresent()
                case 1: path = try reader.stringIfPresent()
                case 2: size = try reader.intIfPresent()
                case 3: modified = try reader.intIfPresent()
                case 4 where try reader.peekKind() == .object:
                    manifest = try CachedManifest(reading: &reader, in: bytes)
                default: try reader.skipValueSyntax()
                }
            }
            guard let name, let path, let size, let modified, let manifest else { return nil }
            return Entry(
                name: name, executable: PluginExecutable(path: path, size: Int64(size), modified: Int64(modified)),
                manifest: manifest)
        }
    }
}

extension JSONReader {
    /// The next value if it is a string; anything else is skipped and nil.
    fileprivate mutating func stringIfPresent() throws(JSONError) -> String? {
        guard try peekKind() == .string else {
            try skipValueSyntax()
            return nil
        }
        return try readString()
    }

    /// The next value if it is a whole number; anything else is skipped and nil.
    fileprivate mutating func intIfPresent() throws(JSONError) -> Int? {
        guard try peekKind() == .number else {
            try skipValueSyntax()
            return nil
        }
        return try readNumber().intValue
    }
}
