import Foundation
import OrbitTestSupport

/// OpenSSH's `sshd` on 127.0.0.1 with a throwaway configuration, host key and user key in
/// a private temporary folder; stopped and removed when the value is released. It logs in
/// the user running the tests, by key only.
final class SSHServer {
    let port: UInt16
    /// The private key `ssh -i` uses.
    let userKey: String
    /// The login name (the user running the tests).
    let user: String
    private let scratch: Scratch
    private let pid: pid_t

    static let sshd = findExecutable("sshd", extra: ["/usr/sbin", "/usr/local/sbin", "/sbin"])
    static let ssh = findExecutable("ssh", extra: [])
    static let keygen = findExecutable("ssh-keygen", extra: [])

    /// Why this machine cannot run the test's SSH server, or nil when it can. Installs
    /// OpenSSH with apt-get when it is missing and the tests run as root (as
    /// `make test-deps` would).
    static let unavailableReason: String? = {
        if sshd == nil || ssh == nil || keygen == nil, getuid() == 0,
            FileManager.default.isExecutableFile(atPath: "/usr/bin/apt-get")
        {
            _ = try? Spawn.run(
                ["/bin/sh", "-c", "apt-get update -qq && apt-get install -y -qq openssh-server openssh-client"],
                environment: ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
                timeout: 600)
        }
        guard findExecutable("sshd", extra: ["/usr/sbin", "/usr/local/sbin", "/sbin"]) != nil else {
            return "OpenSSH's sshd is not installed and could not be installed (make test-deps installs openssh-server)"
        }
        guard findExecutable("ssh", extra: []) != nil, findExecutable("ssh-keygen", extra: []) != nil else {
            return "the OpenSSH client (ssh, ssh-keygen) is not installed (make test-deps installs openssh-client)"
        }
        if getuid() == 0 && !FileManager.default.fileExists(atPath: "/run/sshd")
            && !FileManager.default.isWritableFile(atPath: "/run")
        {
            return "sshd run as root needs /run/sshd, and /run is not writable here"
        }
        return nil
    }()

    /// Starts sshd on a free loopback port and waits until it greets with its banner.
    init() throws {
        guard let sshd = Self.findExecutable("sshd", extra: ["/usr/sbin", "/usr/local/sbin", "/sbin"]),
            let keygen = Self.findExecutable("ssh-keygen", extra: [])
        else {
            throw HarnessError("OpenSSH is not installed")
        }
        scratch = try Scratch("orbit-sshd")
        user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        for key in ["host", "user"] {
            let r = try Spawn.run([
                keygen, "-q", "-t", "ed25519", "-N", "", "-C", "orbit-test-\(key)", "-f", scratch.file(key),
            ])
            guard r.status == 0 else { throw HarnessError("ssh-keygen failed: \(r.stderr)") }
        }
        userKey = scratch.file("user")
        try FileManager.default.copyItem(atPath: scratch.file("user.pub"), toPath: scratch.file("authorized_keys"))
        // As root, sshd insists on its privilege-separation folder (the Debian service makes
        // it at start). Make it if missing and leave it: another test run may be using it.
        if getuid() == 0 && !FileManager.default.fileExists(atPath: "/run/sshd") {
            do {
                try FileManager.default.createDirectory(
                    atPath: "/run/sshd", withIntermediateDirectories: false,
                    attributes: [.posixPermissions: 0o755])
            } catch CocoaError.fileWriteFileExists {
                // Made by a concurrent run meanwhile.
            }
        }
        port = try Loopback.freePort()
        let config = try scratch.write(
            "sshd_config",
            """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(scratch.file("host"))
            AuthorizedKeysFile \(scratch.file("authorized_keys"))
            PidFile \(scratch.file("sshd.pid"))
            AllowUsers \(user)
            PubkeyAuthentication yes
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PermitRootLogin prohibit-password
            UsePAM no
            StrictModes no
            PrintMotd no
            PrintLastLog no
            Compression yes
            AcceptEnv COLORTERM
            LogLevel ERROR

            """)
        pid = try Spawn.start(
            [sshd, "-D", "-e", "-f", config], stdout: scratch.file("sshd.out"), stderr: scratch.file("sshd.err"))
        let port = self.port
        let pid = self.pid
        let scratch = self.scratch
        try Wait.until("sshd's banner on port \(port)", timeout: 20) {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                throw HarnessError("sshd exited at start: \(scratch.read("sshd.err"))")
            }
            guard let fd = Loopback.connect(port: port) else { return false }
            defer { close(fd) }
            var banner = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &banner, banner.count)
            return n > 0 && String(decoding: banner.prefix(n), as: UTF8.self).hasPrefix("SSH-2.0")
        }
    }

    /// The `ssh` command line that logs in through `port` (the relay's) with a terminal.
    /// With `sendEnv`, those variables go along (`SendEnv`; the server accepts `COLORTERM`).
    func clientCommand(port: UInt16, compression: Bool, sendEnv: [String] = []) -> String {
        let ssh = Self.ssh ?? "ssh"
        let send = sendEnv.map { "-o SendEnv=\($0) " }.joined()
        return "\(ssh) -F /dev/null -tt \(compression ? "-C " : "")-p \(port) -i \(userKey) -o BatchMode=yes \(send)"
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \(user)@127.0.0.1"
    }

    deinit {
        kill(pid, SIGTERM)
        var raw: Int32 = 0
        _ = waitpid(pid, &raw, 0)
    }

    private static func findExecutable(_ name: String, extra: [String]) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(
            String.init)
        for dir in path + extra {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }
}
