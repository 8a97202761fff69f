extension CommandSpec {
    /// Checks the rules every declaration keeps: a path of one or two words, argument and
    /// option names unique, no required argument after an optional one, only the last
    /// argument variadic, options spelled `--name`.
    public func validate(path: String = "command") throws(ManifestError) {
        guard (1...2).contains(self.path.count),
            self.path.allSatisfy({ !$0.isEmpty && !$0.utf8.contains(UInt8(ascii: " ")) })
        else {
            throw ManifestError(path: "\(path).path", "expected one or two words, got \(self.path)")
        }
        // Every built-in is checked at every start, so this is kept cheap: the names of a
        // declaration are few, searched in a line rather than hashed, and the place is spelled
        // only for an error.
        var names: [String] = []
        names.reserveCapacity(arguments.count + options.count)
        func isNew(_ name: String) -> Bool {
            guard !names.contains(name) else { return false }
            names.append(name)
            return true
        }
        var seenOptional = false
        for (index, argument) in arguments.enumerated() {
            func problem(_ message: String) -> ManifestError {
                ManifestError(path: "\(path).arguments[\(index)]", message)
            }
            guard !argument.name.isEmpty, isNew(argument.name) else {
                throw problem("the name '\(argument.name)' is empty or used twice")
            }
            if argument.isOptional || argument.isVariadic {
                seenOptional = true
            } else if seenOptional {
                throw problem("a required argument after an optional one")
            }
            if argument.isVariadic, index != arguments.count - 1 {
                throw problem("only the last argument can be variadic")
            }
        }
        for (index, option) in options.enumerated() {
            guard option.name.utf8.starts(with: "--".utf8), option.name.utf8.count > 2, isNew(option.name) else {
                throw ManifestError(
                    path: "\(path).options[\(index)]", "'\(option.name)' is not a '--name' or is used twice")
            }
        }
    }
}
