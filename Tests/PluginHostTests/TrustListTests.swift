import Glibc
import ShopTestSupport
import Testing

@testable import PluginHost

@Suite struct TrustListTests {
    /// The examples of FIPS 180-4 (and its long message), the empty message, and one whose
    /// length padding spills into a second block (checked with sha256sum).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            String(repeating: "a", count: 1_000_000),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
        (
            String(repeating: "x", count: 55) + "|" + String(repeating: "y", count: 8),
            "d0ab9a2ce3125d25ad9d60fda27e0a7eb11a1195fc72d9be0ac721d8b3e67da4"
        ),
    ])
    func theDigestIsFIPS180_4s(message: String, expected: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == expected)
    }

    @Test func aListIsWrittenPrivatelyAndReadBack() throws {
        let folder = try FileSystemFolder(prefix: "shop-trust")
        let path = folder.path + "/data/shop/trusted.json"
        var list = TrustList.load(from: path).list
        list.trust(.init(path: "/p", sha256: "aa", script: "/s.shopscript"))
        list.trust(.init(path: "/p", sha256: "bb", script: "/s.shopscript"))
        try list.save()
        let (read, warning) = TrustList.load(from: path)
        #expect(warning == nil)
        #expect(read.programs == [.init(path: "/p", sha256: "bb", script: "/s.shopscript")])
        #expect(read.trusts("/p", sha256: "bb") && !read.trusts("/p", sha256: "aa"))
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(folder.path + "/data/shop", &status) == 0 && status.st_mode & 0o777 == 0o700)
    }

    @Test(arguments: ["{", "[]", #"{"trustVersion": 1, "programs": [{"path": 3}]}"#, #"{"trustVersion": 9}"#])
    func aDamagedListTrustsNothingWithAWarning(text: String) throws {
        let folder = try FileSystemFolder(prefix: "shop-trust")
        let path = try folder.write(text, to: "trusted.json")
        let (list, warning) = TrustList.load(from: path)
        #expect(list.programs.isEmpty)
        #expect(warning == "the trust list '\(path)' is damaged; nothing in it is trusted")
    }
}
