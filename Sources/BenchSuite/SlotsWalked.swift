/// The number of slots a fixture-size point's walk reads, known only once its subject is built.
///
/// The curve's x value is read after sampling, from the subject the measurement built; the class is
/// what the subject's builder and the curve's `x` closure share.
final class SlotsWalked {
    /// Slots the derived getter's walk reads at this point's fixture size; 0 until the subject is built.
    var count = 0
}
