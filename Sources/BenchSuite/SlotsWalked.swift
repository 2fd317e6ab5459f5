/// The number of slots a fixture-size point's walk reads, known only once it is prepared.
///
/// The curve's x value is read after sampling, from what the measurement prepared; the class is what
/// the measurement's `prepare` and the curve's `x` closure share.
final class SlotsWalked {
    /// Slots the derived getter's walk reads at this point's fixture size; 0 until it is prepared.
    var count = 0
}
