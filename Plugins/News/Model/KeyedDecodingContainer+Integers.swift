import Foundation

extension KeyedDecodingContainer {
    /// Decodes an `Int`, reporting a fractional or out-of-range number at `key`.
    ///
    /// `JSONDecoder` reports such numbers with an internal error that becomes "not valid
    /// JSON" at the top level, which would lose the field's name.
    func decodeInteger(forKey key: Key) throws -> Int {
        do {
            return try decode(Int.self, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw notAnInteger(key, error)
        }
    }

    /// Like ``decodeInteger(forKey:)`` for an optional field.
    func decodeIntegerIfPresent(forKey key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw notAnInteger(key, error)
        }
    }

    private func notAnInteger(_ key: Key, _ error: any Error) -> DecodingError {
        // The internal error reads `numberIsNotRepresentableInSwift(parsed: "1.5")`.
        let text = "\(error)"
        var found = "a number that is not one"
        if let start = text.range(of: "parsed: \""), let end = text[start.upperBound...].firstIndex(of: "\"") {
            found = String(text[start.upperBound..<end])
        }
        return DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "should be an integer, found \(found)")
    }
}
